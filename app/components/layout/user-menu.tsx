/**
 * The signed-in user's menu in the top navigation (name, Dashboard → /portal,
 * Sign out). Owned by the accounts feature; the header renders it when the
 * root loader has a user.
 */
export interface NavUser {
  id: string;
  name: string;
  email: string;
  isAdmin: boolean;
}

export function UserMenu({ user }: { user: NavUser }) {
  return <span className="text-sm font-medium">{user.name}</span>;
}
