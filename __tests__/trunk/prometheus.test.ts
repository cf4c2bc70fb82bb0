// Prometheus text exposition format 0.0.4, rule by rule, as Trunk's metrics endpoints serve it: what
// a line reads as, and that a line breaking the format is skipped and counted, never a crash.
import { describe, expect, it } from '@jest/globals';
import { goFloat, parsePrometheusText, type Sample } from '../../src/trunk/prometheus.js';

/** Labels as the parser keeps them: own properties of an object without a prototype. */
const labels = (entries: Record<string, string> = {}) =>
  Object.assign(Object.create(null) as Record<string, string>, entries);

const sample = (name: string, value: number, entries?: Record<string, string>, timestampMs?: number): Sample => ({
  name,
  labels: labels(entries),
  value,
  ...(timestampMs === undefined ? {} : { timestampMs }),
});

describe('a line that reads', () => {
  it.each<[string, string, Sample]>([
    ['a name and a value', 'mq_depth_current 3', sample('mq_depth_current', 3)],
    ['colons in the name', 'job:mq_depth:sum 3', sample('job:mq_depth:sum', 3)],
    [
      'labels',
      'mq_depth_current{repo="acme/app",branch="main",queue_type="main"} 7',
      sample('mq_depth_current', 7, { repo: 'acme/app', branch: 'main', queue_type: 'main' }),
    ],
    ['a trailing comma after the last label', 'm{a="1",b="2",} 1', sample('m', 1, { a: '1', b: '2' })],
    ['empty braces', 'm{} 1', sample('m', 1)],
    ['an empty label value', 'm{a=""} 1', sample('m', 1, { a: '' })],
    [
      'blanks and tabs between the parts, before and after',
      ' \tm { a = "x" ,\tb="y" }\t2 \t',
      sample('m', 2, { a: 'x', b: 'y' }),
    ],
    ['no blank between the labels and the value', 'm{a="x"}2', sample('m', 2, { a: 'x' })],
    ['the escape \\\\ is one backslash', String.raw`m{path="C:\\dir"} 1`, sample('m', 1, { path: 'C:\\dir' })],
    ['the escape \\" is a quote', String.raw`m{say="a \"b\""} 1`, sample('m', 1, { say: 'a "b"' })],
    ['the escape \\n is a newline', String.raw`m{two="one\ntwo"} 1`, sample('m', 1, { two: 'one\ntwo' })],
    [
      'characters the format does not escape are kept as they are',
      `m{a="}{, = #é'"} 1`,
      sample('m', 1, { a: "}{, = #é'" }),
    ],
    ['a timestamp in ms', 'm 1 1795180800000', sample('m', 1, undefined, 1795180800000)],
    ['a negative timestamp', 'm 1 -5', sample('m', 1, undefined, -5)],
    ['a timestamp after labels', 'm{a="x"} 1 7', sample('m', 1, { a: 'x' }, 7)],
    [
      'a series and labels this version does not know',
      'mq_pr_state_duration_1h_seconds_bucket{state="testing",le="60",shard="2"} 4',
      sample('mq_pr_state_duration_1h_seconds_bucket', 4, { state: 'testing', le: '60', shard: '2' }),
    ],
  ])('%s', (_rule, line, expected) => {
    expect(parsePrometheusText(line)).toEqual({ samples: [expected], skipped: 0 });
  });
});

describe('values, as Go floats', () => {
  it.each<[string, number]>([
    ['1', 1],
    ['-1.5e3', -1500],
    ['1E+2', 100],
    ['2.5e-1', 0.25],
    ['+3', 3],
    ['.5', 0.5],
    ['5.', 5],
    ['007', 7],
    ['-0', -0],
    ['1e-999', 0],
    ['NaN', NaN],
    ['nan', NaN],
    ['+Inf', Infinity],
    ['-Inf', -Infinity],
    ['Inf', Infinity],
    ['inf', Infinity],
    ['+Infinity', Infinity],
  ])('%s', (text, value) => {
    expect(goFloat(text)).toBe(value);
    expect(parsePrometheusText(`m ${text}`)).toEqual({ samples: [sample('m', value)], skipped: 0 });
  });

  it.each([
    ['a word', 'many'],
    ['a sign before NaN (Go refuses it)', '+NaN'],
    ['a sign twice', '--1'],
    ['a hexadecimal integer', '0x10'],
    ['a hexadecimal float (Go reads it; no exporter writes it)', '0x1p-2'],
    ['digits grouped with underscores', '1_000'],
    ['too large for a float64 (Go refuses it)', '1e999'],
    ['an exponent without digits', '1e'],
    ['a dot alone', '.'],
    ['a comma for the decimal point', '1,5'],
  ])('%s is not a value', (_what, text) => {
    expect(goFloat(text)).toBeUndefined();
    expect(parsePrometheusText(`m ${text}`)).toEqual({ samples: [], skipped: 1 });
  });
});

describe('lines that are not samples', () => {
  it('# HELP, # TYPE, other comments and blank lines are passed over, not counted', () => {
    const text = [
      '# HELP mq_depth_current PRs in the queue, now.',
      '# TYPE mq_depth_current gauge',
      '# TYPE mq_pr_wait_duration_1h_seconds HISTOGRAM',
      '# HELP mq_help_without_text',
      '# TYPE mq_type_without_type',
      '# HELP',
      '#HELP mq_depth_current no blank after the hash',
      '# a comment that is no metadata',
      '#',
      '  # indented',
      '',
      ' \t ',
      'mq_depth_current 7',
      '',
    ].join('\n');
    expect(parsePrometheusText(text)).toEqual({ samples: [sample('mq_depth_current', 7)], skipped: 0 });
  });

  it.each([
    ['a TYPE the format does not have', '# TYPE m frobnicator'],
    ['a TYPE with a blank for a type', '# TYPE m  '],
    ['a HELP whose name is no metric name', '# HELP 9m the help'],
    ['a TYPE whose name runs into other characters', '# TYPE m-x gauge'],
  ])('broken metadata is counted: %s', (_what, line) => {
    expect(parsePrometheusText(`${line}\nm 1`)).toEqual({ samples: [sample('m', 1)], skipped: 1 });
  });
});

describe('a line that cannot be read', () => {
  it.each([
    ['no value', 'm'],
    ['no value after labels', 'm{a="x"}'],
    ['a name starting with a digit', '9m 1'],
    ['a name with a dash', 'mq-depth 1'],
    ['a label name starting with a digit', 'm{9a="x"} 1'],
    ['a label value without quotes', 'm{a=x} 1'],
    ['a label without a value', 'm{a} 1'],
    ['a label value never closed', 'm{a="x} 1'],
    ['labels never closed', 'm{a="x" 1'],
    ['labels without a comma between them', 'm{a="x" b="y"} 1'],
    ['two commas', 'm{a="x",,b="y"} 1'],
    ['an escape the format does not have', String.raw`m{a="tab\there"} 1`],
    ['a backslash at the end of the line', 'm{a="x\\'],
    ['the same label twice', 'm{a="x",a="y"} 1'],
    ['the reserved label __name__', 'm{__name__="n"} 1'],
    ['a timestamp with a fraction', 'm 1 1795180800000.5'],
    ['a timestamp beyond 64 bits', 'm 1 9223372036854775808'],
    ['something after the timestamp', 'm 1 2 3'],
    ['a stray carriage return inside the line', 'm{a="x"}\r 1'],
  ])('%s: skipped and counted, the lines around it still read', (_what, line) => {
    expect(parsePrometheusText(`before 1\n${line}\nafter 2`)).toEqual({
      samples: [sample('before', 1), sample('after', 2)],
      skipped: 1,
    });
  });

  it('the largest 64-bit timestamp is still one', () => {
    expect(parsePrometheusText('m 1 9223372036854775807').samples).toHaveLength(1);
  });

  it('every broken line is counted', () => {
    expect(parsePrometheusText('m\n{a="x"} 1\nm 1 2 3\nok 1').skipped).toBe(3);
  });
});

describe('the text as a whole', () => {
  it('reads CRLF line ends as LF', () => {
    const text = '# TYPE m gauge\r\nm{a="x"} 1\r\n\r\nm{a="y"} 2 7\r\n';
    expect(parsePrometheusText(text)).toEqual({
      samples: [sample('m', 1, { a: 'x' }), sample('m', 2, { a: 'y' }, 7)],
      skipped: 0,
    });
  });

  it('reads the last line without a newline after it, and an empty text as no samples', () => {
    expect(parsePrometheusText('a 1\nb 2')).toEqual({ samples: [sample('a', 1), sample('b', 2)], skipped: 0 });
    expect(parsePrometheusText('')).toEqual({ samples: [], skipped: 0 });
  });

  it('keeps samples in the order sent, repeats included', () => {
    expect(parsePrometheusText('b 1\na 2\nb 3').samples.map((s) => [s.name, s.value])).toEqual([
      ['b', 1],
      ['a', 2],
      ['b', 3],
    ]);
  });
});

describe('label names that are also names of Object.prototype', () => {
  it('a label named __proto__ is an own label, and sets no prototype', () => {
    const [read] = parsePrometheusText('m{__proto__="x",constructor="y"} 1').samples;
    expect(read).toBeDefined();
    const got = read?.labels ?? {};
    expect(Object.getPrototypeOf(got)).toBeNull();
    expect(Object.entries(got)).toEqual([
      ['__proto__', 'x'],
      ['constructor', 'y'],
    ]);
  });

  it('a label the line does not carry is absent, whatever Object.prototype has', () => {
    const [read] = parsePrometheusText('m{a="x"} 1').samples;
    expect(read?.labels.toString).toBeUndefined();
    expect(read?.labels.__proto__).toBeUndefined();
  });
});
