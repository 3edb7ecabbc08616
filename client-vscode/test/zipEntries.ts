/**
 * The entry names of a zip archive (a `.vsix` is one), read from its central directory.
 */
import * as fs from 'node:fs';

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_DIRECTORY_HEADER = 0x02014b50;

/** The names of the entries of the zip file at `file`; throws when it is not a zip archive. */
export function zipEntryNames(file: string): string[] {
  const data = fs.readFileSync(file);
  let end = data.length - 22;
  while (end >= 0 && data.readUInt32LE(end) !== END_OF_CENTRAL_DIRECTORY) {
    end -= 1;
  }
  if (end < 0) {
    throw new Error(`${file} is not a zip archive`);
  }
  const count = data.readUInt16LE(end + 10);
  let offset = data.readUInt32LE(end + 16);
  const names: string[] = [];
  for (let index = 0; index < count; index += 1) {
    if (data.readUInt32LE(offset) !== CENTRAL_DIRECTORY_HEADER) {
      throw new Error(`${file}: broken central directory at entry ${index}`);
    }
    const nameLength = data.readUInt16LE(offset + 28);
    const extraLength = data.readUInt16LE(offset + 30);
    const commentLength = data.readUInt16LE(offset + 32);
    names.push(data.toString('utf8', offset + 46, offset + 46 + nameLength));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}
