/** Colors: readable text on the venue's colors (the rules live in core, where the console's preview of the widget finds them too). */
export * from '@lanebook/core/color';
