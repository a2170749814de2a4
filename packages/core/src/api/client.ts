import type { paths } from './openapi.js';

/**
 * The types the console's and the widget's API clients are typed by (decision 043): a call names
 * a path of the generated `paths`, so the path is written once, and a wrong parameter, body or
 * answer field fails `npm run typecheck`. No zod here: the widget takes this module too.
 */

export type ApiMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The paths that answer `method`: `ApiPath<'get'>` is every path a GET may name. */
export type ApiPath<M extends ApiMethod> = {
  [P in keyof paths]: paths[P] extends { [K in M]: object } ? P : never;
}[keyof paths];

/** The generated operation of `method` on `path`. */
export type ApiOperation<P extends keyof paths, M extends ApiMethod> = paths[P] extends { [K in M]: infer O } ? O : never;

type JsonOf<T> = T extends { content: { 'application/json': infer J } } ? J : T extends { content: object } ? unknown : undefined;

/** The statuses whose JSON a call answers: a route that answers 200 or 202 (at once or in the background) answers either. */
type AnswerStatus = 200 | 201 | 202;

/** What a call answers: its 200's, 201's or 202's JSON (their union when it declares more than one); nothing for a 204. */
export type ApiAnswer<O> = O extends { responses: infer R }
  ? [Extract<keyof R, AnswerStatus>] extends [never]
    ? undefined
    : { [S in Extract<keyof R, AnswerStatus>]: JsonOf<R[S]> }[Extract<keyof R, AnswerStatus>]
  : never;

type ParametersOf<O> = O extends { parameters: infer X } ? X : never;

/** The body a call sends: required, optional or none, as the route declares it. */
type BodyPart<O> = O extends { requestBody: { content: { 'application/json': infer B } } }
  ? { body: B }
  : O extends { requestBody?: { content: { 'application/json': infer B } } }
    ? [B] extends [never]
      ? { body?: never }
      : { body?: B }
    : { body?: never };

/** A call's path parameters (`path: { id }`), query (`query: { ... }`) and body, each as the route declares it. */
export type ApiCallParts<O> = Omit<ParametersOf<O>, 'header' | 'cookie'> & BodyPart<O>;

/** The options argument, optional when nothing in it is required. */
export type ApiOptionsArgument<Options> = object extends Options ? [options?: Options] : [options: Options];

/** The URL path of a call: `/api/private/users/{id}` with `{ id }` filled in, each segment encoded. */
export function fillPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${path}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
}
