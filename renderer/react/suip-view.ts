import { createElement, useEffect, type CSSProperties, type ReactElement } from 'react';
import { useSuip, type UseSuipOptions } from './use-suip.ts';

/** Props of `<SuipView>`: a program and its data plane, plus the box it renders in. */
export interface SuipViewProps extends UseSuipOptions {
  className?: string;
  style?: CSSProperties;
  /** Status changes, e.g. to show a spinner or a repair button. */
  onStatus?(status: ReturnType<typeof useSuip>['status']): void;
}

/**
 * `<SuipView code={program} inputs={{props}} onOutput={...} />`: a program rendered by suip in a React tree. Renders an
 * empty box on the server.
 */
export function SuipView(props: SuipViewProps): ReactElement {
  const { className, style, onStatus, ...options } = props;
  const { ref, status } = useSuip(options);
  useEffect(() => onStatus?.(status), [onStatus, status]);
  return createElement('div', { ref, className, style, 'data-suip-status': status });
}
