// Reads a Dockerfile into its stages and instructions (continuation lines joined, comments and
// blank lines dropped): enough for the tests that check what the image copies and runs.

export interface DockerInstruction {
  keyword: string;
  args: string;
}

export interface DockerStage {
  from: string;
  name: string | undefined;
  instructions: DockerInstruction[];
}

export function readDockerfile(text: string): DockerStage[] {
  const logical = text
    .replace(/\\\n/g, " ")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"));
  const stages: DockerStage[] = [];
  for (const line of logical) {
    const [, keyword = "", args = ""] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    const instruction = { keyword: keyword.toUpperCase(), args: args.replace(/\s+/g, " ") };
    if (instruction.keyword === "FROM") {
      const [from = "", , name] = instruction.args.split(" ");
      stages.push({ from, name, instructions: [] });
    } else {
      // ARG before the first FROM belongs to no stage.
      stages.at(-1)?.instructions.push(instruction);
    }
  }
  return stages;
}
