import { apiUrl } from '@excursio/shared';
import './photo.css';

export type PhotoRatio = '4/3' | '16/9' | '3/2' | '1/1';

const SIZE: Record<PhotoRatio, [number, number]> = {
  '4/3': [400, 300],
  '16/9': [640, 360],
  '3/2': [600, 400],
  '1/1': [200, 200],
};

interface PhotoProps {
  /** A path from the api (/api/media/...) or an absolute URL. */
  src: string;
  alt: string;
  ratio?: PhotoRatio;
  /** The first screen's main photo loads at once and first (the page's largest paint); everything else lazily. */
  eager?: boolean;
  className?: string;
}

/** An image in a box of fixed aspect ratio: the page never shifts while photos load. */
export function Photo({ src, alt, ratio = '4/3', eager = false, className }: PhotoProps) {
  const [width, height] = SIZE[ratio];
  return (
    <span className={`cat-photo cat-photo--${ratio.replace('/', 'x')}${className ? ` ${className}` : ''}`}>
      <img
        className="cat-photo__img"
        src={apiUrl(src)}
        alt={alt}
        width={width}
        height={height}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : undefined}
        decoding="async"
      />
    </span>
  );
}
