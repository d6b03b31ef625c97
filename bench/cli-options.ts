/** The word after `--<name>` on the command line, or undefined when the option is absent. */
export function optionValue(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
}

/** The number after `--<name>` on the command line, or `fallback` when the option is absent. */
export function numberOption(name: string, fallback: number): number {
  const value = optionValue(name);
  return value === undefined ? fallback : Number(value);
}
