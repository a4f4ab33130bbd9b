import { useMemo } from 'react'
import { selectEmployees } from '../../app/data-slice'
import { useAppSelector } from '../../app/hooks'
import { selectRole, selectSessionKey } from '../../app/session-slice'
import { useTableSession } from './session-store'
import { canViewAs, viewingAsText } from './view-as'

/** Who the acting admin views the table as ('View as'), for the table's header and the sidebar. */
export function useViewingAs(): { employeeId: number | null; text: string | null } {
  const sessionKey = useAppSelector(selectSessionKey)
  const role = useAppSelector(selectRole)
  const employees = useAppSelector(selectEmployees)
  const session = useTableSession(sessionKey)
  const employeeId = canViewAs(role) ? session.viewAsEmployeeId : null
  // Looked up once per change, not on every render of the sidebar (100,000 employees).
  const text = useMemo(() => viewingAsText(employeeId, employees), [employeeId, employees])
  return { employeeId, text }
}
