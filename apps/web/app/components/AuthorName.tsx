import { Link } from 'react-router';
import { isUserId } from '@melon/shared/ids/id-rules';
import { authorPath } from '~/lib/paths.ts';

interface AuthorNameProps {
  author: { user_id: string; name: string };
  className?: string | undefined;
}

/** An author's name on a card: a link to their page, or plain text when the id is no user's. */
export function AuthorName({ author, className }: AuthorNameProps) {
  return isUserId(author.user_id) ? (
    <Link to={authorPath(author.user_id)} className={className}>
      {author.name}
    </Link>
  ) : (
    <span className={className}>{author.name}</span>
  );
}
