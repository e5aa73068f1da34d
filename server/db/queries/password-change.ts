
export type AccountKind = 'agent' | 'user';

