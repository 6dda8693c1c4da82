// A strict reader of the Prometheus text exposition format (version 0.0.4), as a scraper reads
// it: every line a HELP, a TYPE, a comment or a sample, names and labels of the allowed
// characters, label values with their escapes, numbers Prometheus accepts, each family's TYPE
// before its samples and at most once. Any other line throws, naming it.

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface MetricFamily {
  name: string;
  type: "counter" | "gauge" | "histogram" | "summary" | "untyped";
  help?: string;
  samples: Sample[];
}

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set(["counter", "gauge", "histogram", "summary", "untyped"]);
// The samples a family of each type may have, by suffix of its name.
const SUFFIXES: Record<MetricFamily["type"], string[]> = {
  counter: [""],
  gauge: [""],
  untyped: [""],
  histogram: ["_bucket", "_sum", "_count"],
  summary: ["", "_sum", "_count"],
};

// As Go's strconv.ParseFloat, which Prometheus uses: "NaN", "Inf" and "Infinity" in any case.
function parseValue(text: string, line: string): number {
  if (/^nan$/i.test(text)) return Number.NaN;
  if (/^\+?inf(inity)?$/i.test(text)) return Number.POSITIVE_INFINITY;
  if (/^-inf(inity)?$/i.test(text)) return Number.NEGATIVE_INFINITY;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) {
    throw new Error(`not a number: ${JSON.stringify(text)} in ${JSON.stringify(line)}`);
  }
  return Number(text);
}

/** Reads `{a="1",b="x\"y"}` from position start (at the brace); returns the labels and the end. */
function parseLabels(line: string, start: number): { labels: Record<string, string>; end: number } {
  const labels: Record<string, string> = {};
  let at = start + 1;
  const fail = (why: string) => {
    throw new Error(`${why} at ${at} in ${JSON.stringify(line)}`);
  };
  while (line[at] !== "}") {
    const nameMatch = /^[a-zA-Z_][a-zA-Z0-9_]*/.exec(line.slice(at));
    if (!nameMatch) fail("a label name expected");
    const name = nameMatch![0];
    at += name.length;
    if (line[at] !== "=" || line[at + 1] !== '"') fail('=" expected');
    at += 2;
    let value = "";
    for (;;) {
      const char = line[at];
      if (char === undefined) fail("unterminated label value");
      if (char === '"') break;
      if (char === "\\") {
        const next = line[at + 1];
        if (next === "\\") value += "\\";
        else if (next === '"') value += '"';
        else if (next === "n") value += "\n";
        else fail("unknown escape");
        at += 2;
        continue;
      }
      value += char;
      at++;
    }
    at++;
    if (!LABEL_NAME.test(name) || name in labels) fail(`label ${name} invalid or repeated`);
    labels[name] = value;
    if (line[at] === ",") at++;
    else if (line[at] !== "}") fail(", or } expected");
  }
  return { labels, end: at + 1 };
}

export function parsePrometheusText(text: string): Map<string, MetricFamily> {
  const families = new Map<string, MetricFamily>();
  const helps = new Map<string, string>();
  const familyOf = (sampleName: string) => {
    for (const family of families.values()) {
      for (const suffix of SUFFIXES[family.type]) {
        if (sampleName === family.name + suffix) return family;
      }
    }
    return undefined;
  };
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    if (line.startsWith("#")) {
      const meta = /^#\s+(HELP|TYPE)\s+(\S+)(?:\s(.*))?$/.exec(line);
      if (!meta) continue; // an ordinary comment
      const [, kind, name, rest = ""] = meta;
      if (!METRIC_NAME.test(name!)) throw new Error(`bad metric name in ${JSON.stringify(line)}`);
      if (kind === "HELP") {
        helps.set(name!, rest.replace(/\\n/g, "\n").replace(/\\\\/g, "\\"));
        continue;
      }
      if (!TYPES.has(rest.trim())) throw new Error(`bad type in ${JSON.stringify(line)}`);
      if (families.has(name!)) throw new Error(`second TYPE for ${name}`);
      families.set(name!, { name: name!, type: rest.trim() as MetricFamily["type"], samples: [] });
      continue;
    }
    const nameMatch = /^[a-zA-Z_:][a-zA-Z0-9_:]*/.exec(line);
    if (!nameMatch) throw new Error(`not a sample: ${JSON.stringify(line)}`);
    const name = nameMatch[0];
    let at = name.length;
    let labels: Record<string, string> = {};
    if (line[at] === "{") ({ labels, end: at } = parseLabels(line, at));
    const fields = line.slice(at).trim().split(/\s+/);
    if (!/^\s/.test(line.slice(at)) || fields.length < 1 || fields.length > 2) {
      throw new Error(`a value (and optional timestamp) expected: ${JSON.stringify(line)}`);
    }
    const value = parseValue(fields[0]!, line);
    if (fields[1] !== undefined && !/^-?\d+$/.test(fields[1])) {
      throw new Error(`bad timestamp in ${JSON.stringify(line)}`);
    }
    const family = familyOf(name);
    if (!family) throw new Error(`sample ${name} before (or without) its TYPE`);
    if (family.type === "histogram" && name.endsWith("_bucket") && !("le" in labels)) {
      throw new Error(`histogram bucket without le: ${JSON.stringify(line)}`);
    }
    family.samples.push({ name, labels, value });
  }
  for (const family of families.values()) family.help = helps.get(family.name);
  return families;
}

/** The value of the one sample of that name whose labels include these, or undefined. */
export function sampleValue(
  families: Map<string, MetricFamily>,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  for (const family of families.values()) {
    for (const sample of family.samples) {
      if (
        sample.name === name &&
        Object.entries(labels).every(([key, value]) => sample.labels[key] === value)
      ) {
        return sample.value;
      }
    }
  }
  return undefined;
}
