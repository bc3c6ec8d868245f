-- A trial worth trying (issue 10, ADR 0021): one mock of any kind, a full mock included, and two essay
-- gradings. Existing databases get the new trial row; a row an admin changed from the old defaults
-- (50/200 questions, 1 mock a day, 2 in all, no full mocks, 1 essay a day, 2 in all) is left alone.
UPDATE "role_quotas"
SET "mocks_total" = 1, "full_mocks" = true, "essays_per_day" = 2, "essays_total" = 2, "updated_at" = now()
WHERE "role_kind" = 1
  AND "questions_per_day" = 50 AND "questions_total" = 200
  AND "mocks_per_day" = 1 AND "mocks_total" = 2 AND "full_mocks" = false
  AND "essays_per_day" = 1 AND "essays_total" = 2;
