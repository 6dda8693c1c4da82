// Questions on the terminal for the command-line tools. Typed passwords are not echoed when a
// person is typing (stdin is a TTY); piped input is read one line per question.

import readline from "node:readline";
import { Writable } from "node:stream";
import { CliError } from "./cli-error";

export interface Prompter {
  /** True when a person types the answers, so a password is worth asking twice. */
  readonly interactive: boolean;
  ask(question: string): Promise<string>;
  askHidden(question: string): Promise<string>;
  close(): void;
}

type Input = NodeJS.ReadableStream & { isTTY?: boolean };

export function createPrompter(
  input: Input = process.stdin,
  output: NodeJS.WritableStream = process.stdout,
): Prompter {
  const interactive = Boolean(input.isTTY);
  // readline echoes keystrokes through its output; muting that stream hides the password. Between
  // questions it stays muted too, so a password typed ahead of its prompt is not shown either.
  let muted = interactive;
  const echo = new Writable({
    write(chunk, encoding, callback) {
      if (!muted) output.write(chunk, encoding);
      callback();
    },
  });
  const rl = readline.createInterface({ input, output: echo, terminal: interactive });
  // Synchronous, so the rest of a chunk of typed-ahead input is already muted.
  rl.on("line", () => {
    muted = interactive;
  });
  rl.on("SIGINT", () => {
    output.write("\nCancelled.\n");
    rl.close();
    process.exit(130);
  });
  // The iterator buffers lines that arrive before they are asked for (piped input).
  const lines = rl[Symbol.asyncIterator]();

  async function readLine(question: string, hidden: boolean) {
    output.write(question);
    muted = hidden && interactive;
    try {
      const next = await lines.next();
      if (next.done) {
        throw new CliError(
          "No answer on standard input. Run this in a terminal, or set ADMIN_USERNAME and ADMIN_PASSWORD.",
        );
      }
      return next.value as string;
    } finally {
      // Hidden or piped answers are not echoed: end the prompt's line ourselves.
      if (hidden || !interactive) output.write("\n");
    }
  }

  return {
    interactive,
    ask: (question) => readLine(question, false),
    askHidden: (question) => readLine(question, true),
    close: () => rl.close(),
  };
}
