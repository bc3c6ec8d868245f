// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ChoiceList } from './choice-list.tsx';

afterEach(cleanup);

describe('ChoiceList', () => {
  it('gives every option a name, also when the option is only a formula', () => {
    render(
      <>
        <p id="q">In how many months?</p>
        <ChoiceList
          name="di-0004"
          control="radio"
          options={['$2$', '$3$', 'florid']}
          selected={[]}
          correct={null}
          labelledBy="q"
          onToggle={() => {}}
        />
      </>,
    );
    const radios = screen.getAllByRole('radio');
    expect(radios).toHaveLength(3);
    expect(screen.getByRole('radio', { name: /^A\b/ })).toBe(radios[0]);
    expect(screen.getByRole('radio', { name: /^B\b/ })).toBe(radios[1]);
    expect(screen.getByRole('radio', { name: /^C\s*florid$/ })).toBe(radios[2]);
  });
});
