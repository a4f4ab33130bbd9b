export { NumericInput, type NumericInputProps } from './NumericInput'
