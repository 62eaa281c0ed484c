import { type Static, Type } from 'typebox';

export const HealthReply = Type.Object({ status: Type.String() });
export type HealthReply = Static<typeof HealthReply>;
