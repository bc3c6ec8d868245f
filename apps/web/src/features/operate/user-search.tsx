// Finding a user by id, phone, e-mail or name prefix (find_user): the operator console's search and the
// staff tab of /web_manage. The query is checked with the endpoint's contract first; "没有找到用户" is
// said under the field, not as an error.

import type { StaffUser } from '@gre/contract/endpoints/permission';
import * as mep from '@gre/contract/endpoints/permission';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api, errorText } from '../../lib/api-client.ts';
import { fieldError } from '../../lib/validate.ts';

export function UserSearch(props: {
  id: string;
  label: string;
  /** Under the field while nothing is wrong. */
  hint: string;
  compact?: boolean;
  onFound: (users: StaffUser[]) => void;
}) {
  const [query, setQuery] = useState('');
  const [error, setError] = useState('');
  const find = useMutation({
    mutationFn: (q: string) => api(mep.findUser, { query: q }),
    onSuccess: (d) => {
      props.onFound(d.users);
      setError(d.users.length ? '' : '没有找到用户');
    },
    onError: (e) => setError(errorText(e)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const bad = fieldError(mep.findUser.request, { query });
    if (bad) return setError(bad);
    find.mutate(query.trim());
  };
  return (
    <Stack
      component="form"
      role="search"
      onSubmit={submit}
      direction="row"
      spacing={1}
      sx={{ alignItems: 'flex-start', pt: props.compact ? 1 : 0 }}
    >
      <TextField
        id={props.id}
        label={props.label}
        size={props.compact ? 'small' : 'medium'}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        error={error !== '' && error !== '没有找到用户'}
        helperText={error || props.hint}
        sx={{ flex: 1 }}
        slotProps={{ htmlInput: { type: 'search' } }}
      />
      <Button
        type="submit"
        variant={props.compact ? 'outlined' : 'contained'}
        disabled={find.isPending}
        sx={props.compact ? undefined : { minHeight: 56, px: 3 }}
      >
        查找
      </Button>
    </Stack>
  );
}
