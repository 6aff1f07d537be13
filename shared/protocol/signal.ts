import * as v from 'valibot';

/** An SDP body is a few kilobytes for audio and video; anything larger is not a real offer. */
export const MAX_SDP_CHARS = 12_000;
const MAX_CANDIDATE_CHARS = 1_000;

const text = (max: number) => v.pipe(v.string(), v.maxLength(max));

/**
 * What a `signal` frame carries between two peers: a session description (offer, answer, rollback) or an
 * ICE candidate, the shapes `RTCSessionDescriptionInit` and `RTCIceCandidateInit` have. The server relays
 * it untouched; the bounds keep one frame small whatever a client sends.
 */
export const signalPayloadSchema = v.variant('kind', [
  v.strictObject({
    kind: v.literal('description'),
    description: v.strictObject({
      type: v.picklist(['offer', 'answer', 'pranswer', 'rollback']),
      sdp: v.optional(text(MAX_SDP_CHARS)),
    }),
  }),
  v.strictObject({
    kind: v.literal('candidate'),
    candidate: v.strictObject({
      candidate: text(MAX_CANDIDATE_CHARS),
      sdpMid: v.optional(v.nullable(text(64))),
      sdpMLineIndex: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(64)))),
      usernameFragment: v.optional(v.nullable(text(256))),
    }),
  }),
]);
export type SignalPayload = v.InferOutput<typeof signalPayloadSchema>;
