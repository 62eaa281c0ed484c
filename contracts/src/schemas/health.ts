import { type Static, Type } from 'typebox';
import { nameSchemas } from './named';

export const HealthReply = Type.Object({ status: Type.String() });
export type HealthReply = Static<typeof HealthReply>;

// Shared by name in the API document (docs/api.md "Named schemas").
nameSchemas({ HealthReply });
