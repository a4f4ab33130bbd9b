export { Tooltip } from './Tooltip'
