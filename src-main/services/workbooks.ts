import fs from 'node:fs'
import path from 'node:path'
import { generateDemoCompany, writeDemoCompany } from '../workbook/demo'
import { openWorkbook, type Workbook } from '../workbook/open'
import { seedNewWorkbook, type Owner } from '../workbook/seed'
import { Failure } from './failure'

export const WORKBOOK_EXTENSION = '.paycycle'

/** Adds the .paycycle extension when the user left it out. */
export function withWorkbookExtension(filePath: string): string {
  return path.extname(filePath).toLowerCase() === WORKBOOK_EXTENSION
    ? filePath
    : `${filePath}${WORKBOOK_EXTENSION}`
}

export function refuseExisting(filePath: string): void {
  if (fs.existsSync(filePath)) {
    throw new Failure('FILE_EXISTS', `${filePath} already exists. Open it, or choose another name.`)
  }
  if (!fs.existsSync(path.dirname(filePath))) {
    throw new Failure('FILE_NOT_FOUND', `The folder ${path.dirname(filePath)} does not exist.`)
  }
}

/** A new, empty company workbook owned by its creator. Returns it open. */
export async function createWorkbook(filePath: string, owner: Owner): Promise<Workbook> {
  const target = withWorkbookExtension(path.resolve(filePath))
  refuseExisting(target)
  const workbook = await openWorkbook(target, { create: true })
  try {
    await seedNewWorkbook(workbook, owner)
    return workbook
  } catch (error) {
    await workbook.close()
    fs.rmSync(target, { force: true })
    throw error
  }
}

export interface DemoOptions {
  employees: number
  seed: number
}

/** A workbook holding the seeded demo company. Returns it open. */
export async function createDemoWorkbook(filePath: string, options: DemoOptions): Promise<Workbook> {
  const target = withWorkbookExtension(path.resolve(filePath))
  refuseExisting(target)
  const workbook = await openWorkbook(target, { create: true })
  try {
    writeDemoCompany(workbook, generateDemoCompany({ employees: options.employees, seed: options.seed }))
    return workbook
  } catch (error) {
    await workbook.close()
    fs.rmSync(target, { force: true })
    throw error
  }
}
