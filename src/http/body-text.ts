// Why a body that failed to parse as JSON failed, when the bytes show it: compressed although the
// action asked for none, or led by a byte-order mark. Either way the text quoted in the message
// can look like JSON, or like noise, and neither tells the user what to change.
import type { RawResponse } from './transport.js';
import { clip, oneLine } from '../shared/format.js';

const GZIP_MAGIC = [0x1f, 0x8b];
const BYTE_ORDER_MARKS: { bytes: number[]; name: string }[] = [
  // UTF-32 first: its little-endian mark begins with UTF-16's.
  { bytes: [0x00, 0x00, 0xfe, 0xff], name: 'UTF-32' },
  { bytes: [0xff, 0xfe, 0x00, 0x00], name: 'UTF-32' },
  { bytes: [0xef, 0xbb, 0xbf], name: 'UTF-8' },
  { bytes: [0xfe, 0xff], name: 'UTF-16' },
  { bytes: [0xff, 0xfe], name: 'UTF-16' },
];

/** For a body that did not parse as JSON: what is wrong with its bytes, in words; else undefined. */
export function notJsonReason(response: RawResponse): string | undefined {
  const encoding = contentEncoding(response);
  if (encoding) {
    return `the body is compressed (Content-Encoding: ${encoding}) although the action asks for an uncompressed answer (Accept-Encoding: identity); a proxy or gateway between the runner and the API is probably compressing it, and must pass answers on unchanged`;
  }
  const { bytes } = response;
  if (startsWith(bytes, GZIP_MAGIC)) {
    return 'the body is gzip-compressed data, sent without a Content-Encoding header that would say so; a proxy or gateway between the runner and the API is probably compressing it, and must pass answers on unchanged';
  }
  const mark = BYTE_ORDER_MARKS.find((candidate) => startsWith(bytes, candidate.bytes));
  if (!mark) return undefined;
  const hex = mark.bytes.map((byte) => byte.toString(16).toUpperCase().padStart(2, '0')).join(' ');
  if (mark.name !== 'UTF-8') {
    return `the body is ${mark.name} text (it starts with the byte-order mark ${hex}); JSON over HTTP is UTF-8`;
  }
  const rest = bytes.subarray(mark.bytes.length).toString('utf8');
  return `the body starts with a UTF-8 byte-order mark (${hex}), which JSON does not allow${parses(rest) ? '; the rest of it is valid JSON' : ''}`;
}

/** The Content-Encoding, when it is one that changes the bytes. */
function contentEncoding(response: RawResponse): string | undefined {
  const raw = response.headers['content-encoding'];
  const value = (Array.isArray(raw) ? raw.join(', ') : (raw ?? '')).trim();
  if (!value || /^identity$/i.test(value)) return undefined;
  // One line, short: this is a header value the server chose, quoted into an error message.
  return clip(oneLine(value), 40);
}

function startsWith(bytes: Buffer, prefix: number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((byte, index) => bytes[index] === byte);
}

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
