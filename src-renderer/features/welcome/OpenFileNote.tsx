/**
 * Browser mode has no file dialog, and the page never names a file by its path: it opens recent
 * files, and a workbook elsewhere is opened by starting Meritbook with it (docs/decisions.md).
 */
export function OpenFileNote({ filesFolder }: { filesFolder: string | null }) {
  return (
    <p className="muted" data-testid="welcome-open-note">
      Open a workbook from Recent files, or start Meritbook with it:{' '}
      <code>npm start -- --workbook &lt;file.paycycle&gt;</code>.
      {filesFolder && <> New workbooks are saved in {filesFolder}.</>}
    </p>
  )
}
