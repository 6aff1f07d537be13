import * as v from 'valibot';

/** An SDP body is a few kilobytes for audio and video; anything larger is not a real offer. */
export const MAX_SDP_CHARS = 12_000;
const MAX_CANDIDATE_CHARS = 1_000;

const text = (max: number) => v.pipe(v.string(), v.maxLength(max));

/** Names one peer connection, so that signals of one the sender has since replaced are told apart. */
const pc = v.pipe(v.string(), v.minLength(1), v.maxLength(40));

/**
 * What a `signal` frame carries between two peers: `hello` (the answering end is ready: offer me, or offer again), a session
 * description (offer, answer) or an ICE candidate, in the shapes `RTCSessionDescriptionInit` and
 * `RTCIceCandidateInit` have, each naming its peer connection. The server relays it untouched; the bounds
 * keep one frame small whatever a client sends.
 */
export const signalPayloadSchema = v.variant('kind', [
  /** Without `pc`: I hold no connection with you, make a new one. With it: offer again on that one. */
  v.strictObject({ kind: v.literal('hello'), pc: v.optional(pc) }),
  v.strictObject({
    kind: v.literal('description'),
    pc,
    description: v.strictObject({
      type: v.picklist(['offer', 'answer', 'pranswer', 'rollback']),
      sdp: v.optional(text(MAX_SDP_CHARS)),
    }),
  }),
  v.strictObject({
    kind: v.literal('candidate'),
    pc,
    candidate: v.strictObject({
      candidate: text(MAX_CANDIDATE_CHARS),
      sdpMid: v.optional(v.nullable(text(64))),
      sdpMLineIndex: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(64)))),
      usernameFragment: v.optional(v.nullable(text(256))),
    }),
  }),
]);
export type SignalPayload = v.InferOutput<typeof signalPayloadSchema>;
