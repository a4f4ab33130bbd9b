import type { FastifyInstance } from 'fastify'

/**
 * What a statement's magic link opens: `/statement#<link>`. The link stays in the fragment (never
 * sent to a server, a proxy or a log); the page's script trades it at verify_link for a token that
 * reads this one statement, then shows the PDF and offers it as a download. A revoked or expired
 * link shows the server's reason.
 */
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Your reward statement</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; color: #1d2433; background: #f2f4f7; }
  main { max-width: 960px; margin: 0 auto; padding: 24px; }
  h1 { font-size: 22px; margin: 0 0 8px; }
  p { margin: 0 0 16px; }
  a.button { display: inline-block; padding: 8px 14px; border-radius: 6px; background: #1f4e9c; color: #fff; text-decoration: none; }
  iframe { width: 100%; height: 80vh; border: 1px solid #d0d5dd; background: #fff; margin-top: 16px; }
  [hidden] { display: none !important; }
</style>
</head>
<body>
<main>
  <h1 id="title">Your reward statement</h1>
  <p id="message" data-testid="statement-link-message" role="status">Opening your statement…</p>
  <p><a id="download" class="button" data-testid="statement-link-download" hidden>Download PDF</a></p>
  <iframe id="view" title="Reward statement" hidden></iframe>
</main>
<script src="/statement.js"></script>
</body>
</html>
`

const SCRIPT = `(async () => {
  const message = document.getElementById('message')
  const link = decodeURIComponent(location.hash.slice(1))
  history.replaceState(null, '', location.pathname)
  const detail = async (response) => {
    try { return (await response.json()).detail } catch { return null }
  }
  if (!link) { message.textContent = 'This address has no statement link in it.'; return }
  try {
    const verified = await fetch('/api/user/token/verify_link/', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ refresh: link }),
    })
    if (!verified.ok) { message.textContent = (await detail(verified)) || 'This link cannot be opened.'; return }
    const { access } = await verified.json()
    const headers = { authorization: 'Bearer ' + access }
    const listed = await fetch('/api/employee/reward-statements/', { headers })
    if (!listed.ok) { message.textContent = (await detail(listed)) || 'This link cannot be opened.'; return }
    const [statement] = await listed.json()
    const pdf = await fetch('/api/employee/reward-statements/' + statement.id + '/pdf/', { headers })
    if (!pdf.ok) { message.textContent = (await detail(pdf)) || 'This link cannot be opened.'; return }
    const url = URL.createObjectURL(await pdf.blob())
    document.getElementById('title').textContent = 'Reward statement for ' + statement.employee_name
    message.textContent = 'Sent ' + new Date(statement.sent_at || statement.created_at).toLocaleDateString('en-US', { dateStyle: 'long' }) + '. This page is yours alone: do not forward its address.'
    const download = document.getElementById('download')
    download.href = url
    download.download = 'Reward statement.pdf'
    download.hidden = false
    const view = document.getElementById('view')
    view.src = url
    view.hidden = false
  } catch {
    message.textContent = 'The server cannot be reached. Try again later.'
  }
})()
`

const SECURITY = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'unsafe-inline'; frame-src blob:; img-src 'self'",
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
}

export function statementPageRoutes(app: FastifyInstance): void {
  app.get('/statement', async (_request, reply) =>
    reply.headers({ ...SECURITY, 'content-type': 'text/html; charset=utf-8' }).send(PAGE),
  )
  app.get('/statement.js', async (_request, reply) =>
    reply.headers({ ...SECURITY, 'content-type': 'text/javascript; charset=utf-8' }).send(SCRIPT),
  )
}
