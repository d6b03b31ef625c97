import { Form } from 'react-router';
import styles from './MyPage.module.css';

interface MyPageHeaderProps {
  /** The heading's id, for the page's aria-labelledby. */
  titleId: string;
  title: string;
  /** Where the search goes: the current tab's address, which reads `keyword`. */
  searchAction: string;
  /** The search the page shows the results of, or null for the whole list. */
  keyword: string | null;
  searchPlaceholder: string;
  searchLabel: string;
  searchButton: string;
  maxLength: number;
}

/** The heading of a /my/* list and its search box (a GET form, so it works before hydration). */
export function MyPageHeader(props: MyPageHeaderProps) {
  return (
    <header className={styles.header}>
      <h1 id={props.titleId} className={styles.heading}>
        {props.title}
      </h1>
      <Form method="get" action={props.searchAction} className={styles.search} role="search">
        <input
          type="search"
          name="keyword"
          className={styles.searchInput}
          defaultValue={props.keyword ?? ''}
          placeholder={props.searchPlaceholder}
          aria-label={props.searchLabel}
          maxLength={props.maxLength}
          required
        />
        <button type="submit" className={styles.searchButton}>
          {props.searchButton}
        </button>
      </Form>
    </header>
  );
}
