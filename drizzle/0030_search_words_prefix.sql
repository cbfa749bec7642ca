-- Typo tolerance asks, for each query word, whether any dictionary word begins with it (issue 19). The primary key's
-- btree is in the database's collation, which a prefix test can't use, so at a million listings (a dictionary of a
-- million words) each asking read the whole table. Words are [a-z0-9] only: in byte order ("C") the words that begin
-- with w are exactly those from w up to w || '{' ('{' follows 'z'), a range this index answers.
CREATE INDEX IF NOT EXISTS "search_words_prefix_idx" ON "search_words" USING btree ("word" COLLATE "C");
