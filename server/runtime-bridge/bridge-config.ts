/**
 * The runtime command of the bridge (and, as `envNames`, the variables it may see beyond the
 * default list), from `--runtime-cmd "<command> <args…>"` (or
 * SUIP_RUNTIME_CMD): split on whitespace, no shell, fixed for the life of the server. Absent: no
 * bridge. A client can never choose or change it.
 */
export function runtimeCommandFrom(
  argv: readonly string[] = process.argv.slice(2),
  env: NodeJS.ProcessEnv = process.env,
): { command: string; args: string[]; envNames: string[] } | undefined {
  let value: string | undefined;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (arg === '--runtime-cmd') value = argv[i + 1];
    else if (arg.startsWith('--runtime-cmd=')) value = arg.slice('--runtime-cmd='.length);
  }
  value ??= env.SUIP_RUNTIME_CMD;
  const parts = (value ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return undefined;
  return { command: parts[0]!, args: parts.slice(1), envNames: runtimeEnvNamesFrom(argv, env) };
}

/**
 * The variables the runtime may see beyond the default list (`--runtime-env A,B` or
 * SUIP_RUNTIME_ENV): the operator names each one (a model key the runtime needs, say); the rest of
 * the server's environment never reaches the child.
 */
export function runtimeEnvNamesFrom(
  argv: readonly string[] = process.argv.slice(2),
  env: NodeJS.ProcessEnv = process.env,
): string[] {
  let value: string | undefined;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (arg === '--runtime-env') value = argv[i + 1];
    else if (arg.startsWith('--runtime-env=')) value = arg.slice('--runtime-env='.length);
  }
  value ??= env.SUIP_RUNTIME_ENV;
  return (value ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}
