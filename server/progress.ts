// A progress bar on stderr for long start-up steps: redrawn in place on a terminal, a line per quarter otherwise.

export function progressBar(
  label: string,
  stream: NodeJS.WriteStream = process.stderr,
): (done: number, total: number) => void {
  let lastQuarter = -1;
  return (done, total) => {
    const fraction = total ? done / total : 1;
    if (stream.isTTY) {
      const width = 30;
      const filled = Math.round(fraction * width);
      stream.write(
        `\r${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${Math.round(fraction * 100)}%${done === total ? '\n' : ''}`,
      );
      return;
    }
    const quarter = Math.floor(fraction * 4);
    if (quarter !== lastQuarter) {
      lastQuarter = quarter;
      stream.write(`${label}: ${Math.round(fraction * 100)}%\n`);
    }
  };
}
