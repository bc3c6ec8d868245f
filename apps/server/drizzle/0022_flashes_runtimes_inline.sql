-- A flash set's round (runtimes, ~14 KB of JSON for 100 cards, ~7 KB compressed) stays in the set's
-- own row instead of TOAST chunks (ADR 0028 amendment, issue 15): every answer rewrites it, and out of
-- line that touched ~60 buffers and wrote 15 WAL records per answer; in line 15 and 4.
ALTER TABLE "flashes" SET (toast_tuple_target = 8160);
