import type { FastifyInstance } from 'fastify'
import { MIN_PASSWORD_LENGTH } from '../auth/passwords'

/**
 * What an invitation or recovery link opens: `/set-password?link=<token>`. A small page of its own
 * (no desktop needed): the script takes the link out of the address bar, and on submit trades it at
 * verify_link for a set-password token and sets the password with it (the existing API). The link
 * is spent only when the person submits, so a mail scanner that opens the page does not use it up.
 */
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Set your Meritbook password</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; color: #1d2433; background: #f2f4f7; }
  main { max-width: 420px; margin: 48px auto; padding: 24px; background: #fff; border-radius: 8px; }
  h1 { font-size: 22px; margin: 0 0 16px; }
  label { display: block; margin: 12px 0 4px; }
  input { width: 100%; box-sizing: border-box; padding: 8px; font-size: 16px; }
  button { margin-top: 16px; padding: 8px 14px; border: 0; border-radius: 6px; background: #1f4e9c; color: #fff; font-size: 16px; }
  [hidden] { display: none !important; }
</style>
</head>
<body>
<main>
  <h1>Set your Meritbook password</h1>
  <form id="form">
    <label for="password">New password (at least ${MIN_PASSWORD_LENGTH} characters)</label>
    <input id="password" name="password" type="password" autocomplete="new-password" minlength="${MIN_PASSWORD_LENGTH}" required>
    <label for="again">The same password again</label>
    <input id="again" name="again" type="password" autocomplete="new-password" required>
    <button type="submit">Set password</button>
  </form>
  <p id="message" role="status"></p>
</main>
<script src="/set-password.js"></script>
</body>
</html>
`

const SCRIPT = `(() => {
  const form = document.getElementById('form')
  const message = document.getElementById('message')
  const link = new URLSearchParams(location.search).get('link')
  history.replaceState(null, '', location.pathname)
  const detail = async (response) => {
    try { return (await response.json()).detail } catch { return null }
  }
  if (!link) { form.hidden = true; message.textContent = 'This address has no link in it: open the link from your e-mail.'; return }
  form.addEventListener('submit', async (event) => {
    event.preventDefault()
    const password = document.getElementById('password').value
    if (password !== document.getElementById('again').value) { message.textContent = 'The two passwords differ.'; return }
    message.textContent = 'Setting your password…'
    try {
      const verified = await fetch('/api/user/token/verify_link/', {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ refresh: link }),
      })
      if (!verified.ok) { form.hidden = true; message.textContent = (await detail(verified)) || 'This link cannot be used.'; return }
      const { access } = await verified.json()
      const set = await fetch('/api/user/set_password', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer ' + access },
        body: JSON.stringify({ password }),
      })
      if (!set.ok) { message.textContent = (await detail(set)) || 'The password was not set.'; return }
      form.hidden = true
      message.textContent = 'Your password is set. Sign in to Meritbook with your e-mail address and this password.'
    } catch {
      message.textContent = 'The server cannot be reached. Try again later.'
    }
  })
})()
`

const SECURITY = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'unsafe-inline'; form-action 'none'",
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
}

export function setPasswordPageRoutes(app: FastifyInstance): void {
  app.get('/set-password', async (_request, reply) =>
    reply.headers({ ...SECURITY, 'content-type': 'text/html; charset=utf-8' }).send(PAGE),
  )
  app.get('/set-password.js', async (_request, reply) =>
    reply.headers({ ...SECURITY, 'content-type': 'text/javascript; charset=utf-8' }).send(SCRIPT),
  )
}
