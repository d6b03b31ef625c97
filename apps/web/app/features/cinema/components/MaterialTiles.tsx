import { Link } from 'react-router';
import type { CinemaMaterial } from '@melon/shared/contracts/cinema';
import { cinemaFilterPath } from '../filter-state.ts';
import { cinemaMessages as t } from '../messages.ts';
import styles from './MaterialTiles.module.css';

/** The cinema home's entry tiles (getMaterialConfig): one per category, to its filter page. */
export function MaterialTiles({ materials }: { materials: CinemaMaterial[] }) {
  if (materials.length === 0) return null;
  return (
    <nav aria-label={t.materials}>
      <ul className={styles.tiles}>
        {materials.map((material) => (
          <li key={material.materialId}>
            <Link to={cinemaFilterPath(material.pinyin)} className={styles.tile}>
              {material.imageUrl && (
                <img
                  className={styles.image}
                  src={material.imageUrl}
                  alt=""
                  width={160}
                  height={90}
                  loading="lazy"
                  decoding="async"
                />
              )}
              <span className={styles.text}>
                <span className={styles.title}>{material.title}</span>
                {material.subtitle && <span className={styles.subtitle}>{material.subtitle}</span>}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
