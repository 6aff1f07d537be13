/**
 * Rooms whose video table this tab has joined: moving from the lobby to the game keeps you at it, and so
 * does a rematch, whose new room the table goes on in without a tap.
 */
const joined = new Set<string>();

export const videoRooms = {
  has: (gameId: string): boolean => joined.has(gameId),
  join: (gameId: string): void => {
    joined.add(gameId);
  },
  leave: (gameId: string): void => {
    joined.delete(gameId);
  },
  /** The table plays again in another room: whoever sat at the video table sits at the new one. */
  carry: (from: string, to: string): void => {
    if (joined.has(from)) joined.add(to);
  },
};
