/**
 * How one HTTP operation is declared: once, here, for the server that registers it, the clients that call
 * it and the OpenAPI document generated from it.
 */
import type { z } from 'zod';

export const API_PREFIX = '/api/v1';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The error statuses an operation may answer; every one of them carries the error envelope. */
export const ERROR_STATUSES = [400, 401, 403, 404, 406, 409, 413, 415, 429] as const;
export type ErrorStatus = (typeof ERROR_STATUSES)[number];

/** What each error status means in Plaza; the OpenAPI document uses these as response descriptions. */
export const ERROR_DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: 'The input is not valid; `details` names each field and what is wrong with it.',
  401: 'No access token, or an expired, invalid or revoked one (refresh the session, then retry).',
  403: 'Signed in, but not allowed to do this.',
  404: 'What the request names does not exist, or is not visible to the caller.',
  406: 'The request is not multipart/form-data.',
  409: 'The request conflicts with the current state (already taken, or changed meanwhile: retry).',
  413: 'The upload is larger than allowed.',
  415: 'A file is of a type that is not accepted, or the upload is not multipart/form-data.',
  429: 'Too many requests; the `Retry-After` header says how many seconds to wait.',
};

/** The OpenAPI tags, one per feature file of `routes/`, in the order the document lists them. */
export const API_TAGS = {
  auth: 'Accounts and sessions: sign up, log in, rotate the refresh token, log out.',
  users: "The signed-in user's own account: profile fields, avatar, password, user name availability.",
  people: 'Other people: the network list, profiles, user search and suggestions.',
  connections: 'Friend requests and friendships.',
  notifications: "The caller's notifications; new ones are also pushed over socket.io (`notification`).",
  posts: 'Posts with images and the home feed.',
  favorites: 'Posts the caller marked as favorites.',
  reactions: 'The six reaction kinds on posts.',
  comments: 'Comments on posts and their likes.',
  hashtags: "Tags in posts and comments: a tag's posts, the trending tags and the tag search.",
  stories: '24-hour photo and video stories of the caller and their friends.',
  chat: 'One-to-one and group messages, conversations and read marks; live delivery is over socket.io.',
  linkPreviews: 'Link preview cards: the card the composer shows for a link before it is posted.',
  safety: 'Blocking, muting and reporting people and what they post.',
  admin: 'Moderation: the report queue, its resolutions and the audit log (moderators and admins only).',
} as const;
export type ApiTag = keyof typeof API_TAGS;

/**
 * One operation. `path` is relative to `/api/v1` and written in Fastify's form (`/posts/:postId`); the
 * OpenAPI document shows it as `/api/v1/posts/{postId}`. `errors` lists every error status the operation
 * can answer: 400 whenever it takes input, 401 whenever it needs a token, and 403/404/406/409/413/415/429
 * where its service or rate limit can refuse (the contract's tests hold the first two rules).
 */
export interface Operation {
  operationId: string;
  method: HttpMethod;
  path: string;
  summary: string;
  description?: string;
  tags: readonly [ApiTag];
  /** false only for the public operations; the rest need `Authorization: Bearer <access token>`. */
  auth: boolean;
  params?: z.ZodType;
  querystring?: z.ZodType;
  /** A JSON body. */
  body?: z.ZodType;
  /**
   * The fields of a multipart/form-data body. Documentation and client typing only: the server reads the
   * parts as a stream, checking each file's size and type as it arrives, instead of validating a parsed body.
   */
  multipart?: z.ZodType;
  /** Success responses by status. */
  responses: { readonly [status: number]: z.ZodType };
  /** What each success status means, where the status alone does not say it. */
  responseDescriptions?: { readonly [status: number]: string };
  errors: readonly ErrorStatus[];
  /**
   * Takes an `Idempotency-Key` header: a repeat with the same key within a day answers the first result
   * and changes nothing; the same key for a different request is refused with 409.
   */
  idempotent?: boolean;
}

/** Declares an operation, keeping its literal types (path, statuses, schemas) for the server and clients. */
export function defineOperation<const Op extends Operation>(op: Op): Op {
  return op;
}

type SchemaOf<Op, K extends string> = Op extends { [P in K]: infer S extends z.ZodType } ? S : never;

/** The statuses of an operation's success responses. */
export type SuccessStatus<Op extends Operation> = keyof Op['responses'] & number;

/** The body a successful call answers (of status `S`; by default any of its success statuses). */
export type OperationResponse<Op extends Operation, S extends SuccessStatus<Op> = SuccessStatus<Op>> = z.output<Op['responses'][S]>;

type Simplify<T> = { [K in keyof T]: T[K] } & {};
type RequiredKeys<T> = { [K in keyof T]-?: undefined extends T[K] ? never : K }[keyof T];

/**
 * Query and path values as a client writes them: the parsed types (a page is a number, though it travels as
 * a string and the server coerces it), optional where the server has a default.
 */
type Sendable<S extends z.ZodType> = [S] extends [never]
  ? never
  : Simplify<
      { [K in keyof z.output<S> & RequiredKeys<z.input<S>>]: z.output<S>[K] } & {
        [K in Exclude<keyof z.output<S>, RequiredKeys<z.input<S>>>]?: z.output<S>[K];
      }
    >;

/** The path parameters a client fills in. */
export type OperationParams<Op extends Operation> = Sendable<SchemaOf<Op, 'params'>>;

/** The query a client may send (fields with defaults are optional). */
export type OperationQuery<Op extends Operation> = Sendable<SchemaOf<Op, 'querystring'>>;

/** The JSON body a client sends, or for a multipart operation the form fields it appends. */
export type OperationBody<Op extends Operation> = z.input<SchemaOf<Op, 'body'> | SchemaOf<Op, 'multipart'>>;

/** The path parameter names of a Fastify-form path (`/chats/:a/:b` → `['a', 'b']`). */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);
}

/** The OpenAPI form of a path: `/posts/:postId` → `/api/v1/posts/{postId}`. */
export function openApiPath(op: Pick<Operation, 'path'>): string {
  return API_PREFIX + op.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** The URL of a call relative to `/api/v1`, each path parameter filled in and encoded. */
export function operationUrl(op: Pick<Operation, 'path'>, params: Readonly<Record<string, string>> = {}): string {
  return op.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${op.path}`);
    return encodeURIComponent(value);
  });
}
