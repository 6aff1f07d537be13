import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { type Ids, ROOM_CODE_ALPHABET, ROOM_CODE_LENGTH } from '../../ports/ids.js';

const TOKEN_BYTES = 18;

/** Cryptographic randomness: the ids of a real server. */
export const randomIds: Ids = {
  gameId: () => randomUUID(),
  roomCode: () => {
    let code = '';
    for (let i = 0; i < ROOM_CODE_LENGTH; i++)
      code += ROOM_CODE_ALPHABET[randomInt(ROOM_CODE_ALPHABET.length)];
    return code;
  },
  token: () => randomBytes(TOKEN_BYTES).toString('base64url'),
  seed: () => randomBytes(4).readUInt32BE(0),
  connectionId: () => randomBytes(12).toString('base64url'),
};
