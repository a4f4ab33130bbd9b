/**
 * Browser mode has no file dialog, and the page never names a file by its path: it opens recent
 * files, or a workbook found with Open… (main lists the folders, by handles).
 */
export function OpenFileNote({ filesFolder }: { filesFolder: string | null }) {
  return (
    <p className="muted" data-testid="welcome-open-note">
      Open a workbook from Recent files, or find it in your folders with Open…, or start Meritbook with it:{' '}
      <code>npm start -- --workbook &lt;file.paycycle&gt;</code>.
      {filesFolder && <> New workbooks are saved in {filesFolder}.</>}
    </p>
  )
}
