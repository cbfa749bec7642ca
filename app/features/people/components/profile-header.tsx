import { CalendarDays, MapPin, MessageSquareText, Star, ThumbsUp } from "lucide-react";
import { formatCount } from "~/lib/plural";
import { formatRating } from "~/lib/rating";
import { memberSince } from "../names";
import type { PublicProfile } from "../queries.server";
import { PersonAvatar } from "./person-avatar";

function Stat({ icon: Icon, value, label }: { icon: typeof Star; value: string; label: string }) {
  // dt then dd (a valid <dl>), shown value first.
  return (
    <div className="relative flex min-h-16 flex-col-reverse justify-center rounded-xl border bg-background/60 px-2 py-3 text-center sm:pr-4 sm:pl-16 sm:text-left">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="text-xl leading-tight font-extrabold tabular-nums">
        <span
          aria-hidden="true"
          className="absolute top-1/2 left-4 hidden size-9 -translate-y-1/2 place-items-center rounded-lg bg-primary-soft text-accent-foreground sm:grid"
        >
          <Icon className="size-4.5" />
        </span>
        {value}
      </dd>
    </div>
  );
}

/** The top of a profile: avatar, name, city, member since, and the three numbers. */
export function ProfileHeader({ profile }: { profile: PublicProfile }) {
  return (
    <header className="rounded-3xl border bg-card p-5 shadow-card sm:p-8" data-testid="profile-header">
      <div className="flex flex-col items-center gap-5 text-center sm:flex-row sm:items-center sm:text-left">
        <PersonAvatar name={profile.name} initials={profile.initials} className="size-24 text-3xl sm:size-28" />
        <div className="min-w-0 flex-1">
          <h1 id="person-name" className="text-3xl font-extrabold tracking-tight break-words sm:text-4xl">
            {profile.name}
          </h1>
          <p className="mt-2 flex flex-wrap items-center justify-center gap-x-4 gap-y-1 text-sm text-muted-foreground sm:justify-start">
            {profile.city ? (
              <span className="inline-flex items-center gap-1.5" data-testid="person-city">
                <MapPin aria-hidden="true" className="size-4" />
                {profile.city}
              </span>
            ) : null}
            <span className="inline-flex items-center gap-1.5" data-testid="member-since">
              <CalendarDays aria-hidden="true" className="size-4" />
              Member since {memberSince(profile.memberSince)}
            </span>
          </p>
        </div>
      </div>
      <dl className="mt-6 grid grid-cols-3 gap-2 sm:gap-3">
        <Stat
          icon={MessageSquareText}
          value={formatCount(profile.reviewCount)}
          label={profile.reviewCount === 1 ? "Review" : "Reviews"}
        />
        <Stat icon={Star} value={profile.reviewCount ? formatRating(profile.average) : "–"} label="Average rating" />
        <Stat
          icon={ThumbsUp}
          value={formatCount(profile.helpfulVotes)}
          label={profile.helpfulVotes === 1 ? "Helpful vote received" : "Helpful votes received"}
        />
      </dl>
    </header>
  );
}
