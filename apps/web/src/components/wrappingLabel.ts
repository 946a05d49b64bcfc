/**
 * Button styles for a label that breaks over lines rather than being cut (Mantine keeps a label on
 * one line and hides what does not fit): a long label on a phone, a table column short of room.
 * The root grows with the label and centres a single line; as a block, it adds no line box's
 * spacing below itself, so two lines of it stay within a table row of two lines.
 */
export const wrappingLabel = {
  root: {
    height: 'auto',
    minHeight: 'var(--button-height)',
    paddingBlock: 3,
    display: 'flex',
    alignItems: 'center',
  },
  label: { whiteSpace: 'normal', textAlign: 'start', lineHeight: 1.2 },
} as const;
