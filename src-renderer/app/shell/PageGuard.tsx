import { useEffect, useRef, type ReactNode } from 'react'
import { Navigate } from 'react-router'
import { canAccessPage } from '../../../src-shared/domain/roles'
import type { AppRoute } from '../../../src-shared/domain/routes'
import { useToast } from '../../components/toast'
import { useAppSelector } from '../hooks'
import { selectRole } from '../session-slice'
import { DataGate } from './DataGate'

/** What the guard says when it sends a role away (our design; the spec only says "sent to the root"). */
export function deniedMessage(label: string): string {
  return `Your role cannot open ${label}.`
}

/**
 * Spec §6 page guard: a role not allowed on the page (the super user always is) is sent to the
 * root, with an info toast naming the page. Allowed pages wait for the initial data load unless
 * they fetch what they show themselves.
 */
export function PageGuard({
  route,
  children,
  waitForData = true,
}: {
  route: AppRoute
  children: ReactNode
  /** False for pages that fetch what they show themselves (the Compensation Table pages from main). */
  waitForData?: boolean
}) {
  const role = useAppSelector(selectRole)
  const toast = useToast()
  const allowed = role !== null && canAccessPage(role, route.page)
  const told = useRef(false)

  useEffect(() => {
    if (allowed || role === null || told.current) return
    told.current = true
    toast.info(deniedMessage(route.label))
  }, [allowed, role, route.label, toast])

  useEffect(() => {
    if (allowed) document.title = `${route.label} · Meritbook`
  }, [allowed, route.label])

  if (!allowed) return <Navigate replace to="/" />
  return waitForData ? <DataGate>{children}</DataGate> : <>{children}</>
}
