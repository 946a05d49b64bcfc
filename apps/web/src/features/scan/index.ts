// What other features may use of the scanner: the package-code field and the refusal of a wrong package.
export { graftCodeProblem, ScanField } from './ScanField';
export { ScanRefusal } from './ScanRefusal';
