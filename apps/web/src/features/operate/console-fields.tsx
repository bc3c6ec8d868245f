// What the staff console's forms share (operate-route, codes, gifts, report): China calendar days for
// date inputs, and the date field itself.
import TextField from '@mui/material/TextField';

/** Today + `days` in China as YYYY-MM-DD (a date input's default). */
export const chinaDayIn = (days: number) =>
  new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

/** A labelled date input (YYYY-MM-DD) of the console's forms. */
export function DayField(props: { id: string; label: string; value: string; onChange: (day: string) => void }) {
  return (
    <TextField
      id={props.id}
      label={props.label}
      type="date"
      size="small"
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}
