// Mantine's breakpoint variables (px values, matching spec §2: 700 and 1000 pixels) for CSS modules.
export default {
  plugins: {
    'postcss-preset-mantine': {},
    'postcss-simple-vars': {
      variables: {
        'mantine-breakpoint-xs': '30em',
        'mantine-breakpoint-sm': '43.75em',
        'mantine-breakpoint-md': '62.5em',
        'mantine-breakpoint-lg': '75em',
        'mantine-breakpoint-xl': '88em',
      },
    },
  },
};
