// @vitest-environment jsdom
// The password login form as a user meets it: an empty submit names each missing field, marks it
// invalid for assistive technology and sends nothing; a filled one sends the body the contract wants.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api-client.ts';
import { PasswordLoginForm } from './login-forms.tsx';

vi.mock('../../lib/api-client.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../lib/api-client.ts')>();
  return { ...actual, api: vi.fn(() => new Promise(() => {})) };
});
vi.mock('./use-start-session.ts', () => ({ useStartSession: () => () => {} }));

afterEach(() => {
  cleanup();
  vi.mocked(api).mockClear();
});

function Form() {
  const [account, setAccount] = useState('');
  return <PasswordLoginForm account={account} setAccount={setAccount} />;
}

function renderForm() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <Form />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('PasswordLoginForm', () => {
  it('an empty submit shows each field its error, wired with aria-invalid and aria-describedby, and sends nothing', async () => {
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    const account = screen.getByLabelText(/手机号或邮箱/);
    await waitFor(() => expect(account.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = account.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy.split(' ')[0] ?? '')?.textContent).toBe('请输入手机号或邮箱');
    const password = screen.getByLabelText('密码', { selector: 'input' });
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('请输入密码')).toBeTruthy();
    expect(api).not.toHaveBeenCalled();
  });

  it('a filled form sends the trimmed account and the password', async () => {
    renderForm();
    fireEvent.change(screen.getByLabelText(/手机号或邮箱/), { target: { value: '  vip@demo.gre-prep.cn ' } });
    fireEvent.change(screen.getByLabelText('密码', { selector: 'input' }), { target: { value: 'Demo1234' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(api).toHaveBeenCalledTimes(1));
    expect(vi.mocked(api).mock.calls[0]?.[1]).toEqual({ account: 'vip@demo.gre-prep.cn', password: 'Demo1234' });
  });
});
