export { SidePanel } from './SidePanel'
