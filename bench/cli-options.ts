/** The number after `--<name>` on the command line, or `fallback` when the option is absent. */
export function numberOption(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
}
