/** Defaults of the optional route params (spec §2: news section 1002, anchor live type 0). */
const PARAM_DEFAULTS: Readonly<Record<string, Record<string, string>>> = {
  'vlive/type': { type: '0' },
  'news/type': { type: '1002' },
};

export function withParamDefaults(
  routeName: string,
  params: Record<string, string | undefined>,
): Record<string, string | undefined> {
  const defaults = PARAM_DEFAULTS[routeName];
  if (!defaults) return params;
  const out: Record<string, string | undefined> = { ...params };
  for (const [k, v] of Object.entries(defaults)) if (out[k] === undefined || out[k] === '') out[k] = v;
  return out;
}
