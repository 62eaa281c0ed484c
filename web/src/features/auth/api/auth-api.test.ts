import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/render';
import { forgotPassword } from './forgot-password';
import { login } from './login';
import { register } from './register';
import { resetPassword } from './reset-password';

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  localStorage.setItem('token', 'should-not-be-sent');
});

const call = (index = 0) => {
  const [url, init] = fetchMock.mock.calls[index] as [string, RequestInit];
  return { url, method: init.method, body: JSON.parse(String(init.body)), headers: new Headers(init.headers) };
};

describe('auth calls', () => {
  it('register sends username, password and email only: the confirmation is dropped', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ token: 't' }, 201));
    await expect(
      register({ username: 'leyla', password: 'uzun-şifrə-1', email: 'l@example.az', confirmPassword: 'uzun-şifrə-1' }),
    ).resolves.toEqual({ token: 't' });
    const sent = call();
    expect(sent.url).toBe('/api/auth/register');
    expect(sent.method).toBe('POST');
    expect(sent.body).toEqual({ username: 'leyla', password: 'uzun-şifrə-1', email: 'l@example.az' });
    expect(sent.headers.has('authorization')).toBe(false);
  });

  it('login, forgot-password and reset-password go without a token', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ token: 't', success: true, message: 'ok' }));
    await login({ username: 'leyla', password: 'x' });
    await forgotPassword({ email: 'l@example.az' });
    await resetPassword({ token: 'abc', newPassword: 'yeni-şifrə-12' });
    expect(call(0)).toMatchObject({ url: '/api/auth/login', body: { username: 'leyla', password: 'x' } });
    expect(call(1)).toMatchObject({ url: '/api/auth/forgot-password', body: { email: 'l@example.az' } });
    expect(call(2)).toMatchObject({
      url: '/api/auth/reset-password',
      body: { token: 'abc', newPassword: 'yeni-şifrə-12' },
    });
    for (const index of [0, 1, 2]) expect(call(index).headers.has('authorization')).toBe(false);
  });

  it('a wrong password keeps the stored token and rejects with the server body', async () => {
    const body = { success: false, error: 'İstifadəçi adı və ya şifrə yanlışdır', code: 'UNAUTHORIZED' };
    fetchMock.mockResolvedValue(jsonResponse(body, 401));
    await expect(login({ username: 'leyla', password: 'səhv' })).rejects.toEqual(body);
    expect(localStorage.getItem('token')).toBe('should-not-be-sent');
  });
});
