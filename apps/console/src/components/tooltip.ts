// A module of its own, so that DeferredTooltip's lazy import splits off Tooltip and Floating UI.
export { Tooltip as default } from '@mantine/core';
