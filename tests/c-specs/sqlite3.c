/* examples/specs/sqlite3.toml: handles stored through an argument
   (sqlite3_open (path, &db)); connections and statements leaked, a
   statement used after sqlite3_finalize.  (sqlite3's declarations are
   written out here, so that the test needs no libsqlite3-dev.)  */
typedef struct sqlite3 sqlite3;
typedef struct sqlite3_stmt sqlite3_stmt;
int sqlite3_open (const char *, sqlite3 **);
int sqlite3_close (sqlite3 *);
int sqlite3_prepare_v2 (sqlite3 *, const char *, int, sqlite3_stmt **, const char **);
int sqlite3_step (sqlite3_stmt *);
int sqlite3_finalize (sqlite3_stmt *);
#define SQLITE_OK 0
#define SQLITE_ROW 100

int connection_leak_bad (const char *path)
{
  sqlite3 *db;
  sqlite3_stmt *st;
  if (sqlite3_open (path, &db) != SQLITE_OK) /* { dg-message "\\(1\\) opened here" } */
    {
      sqlite3_close (db);
      return -1;
    }
  if (sqlite3_prepare_v2 (db, "select 1", -1, &st, 0) != SQLITE_OK) /* { dg-message "when 'sqlite3_prepare_v2' fails" } */
    return -1;
  int n = 0;
  while (sqlite3_step (st) == SQLITE_ROW)
    n++;
  sqlite3_finalize (st);
  sqlite3_close (db);
  return n;
} /* { dg-warning "leak of database connection 'db' \\\[CWE-772\\\] \\\[-Wanalyzer-sqlite3-connection-leak\\\]" } */

int closed_on_every_path_ok (const char *path)
{
  sqlite3 *db;
  sqlite3_stmt *st;
  if (sqlite3_open (path, &db) != SQLITE_OK)
    {
      sqlite3_close (db);
      return -1;
    }
  if (sqlite3_prepare_v2 (db, "select 1", -1, &st, 0) != SQLITE_OK)
    {
      sqlite3_close (db);
      return -1;
    }
  int n = 0;
  while (sqlite3_step (st) == SQLITE_ROW)
    n++;
  sqlite3_finalize (st);
  sqlite3_close (db);
  return n;
}

int statement_leak_bad (sqlite3 *db)
{
  sqlite3_stmt *st;
  if (sqlite3_prepare_v2 (db, "select 1", -1, &st, 0) != SQLITE_OK)
    return -1;
  return sqlite3_step (st);
} /* { dg-warning "leak of prepared statement 'st'" } */

void step_after_finalize_bad (sqlite3 *db)
{
  sqlite3_stmt *st;
  if (sqlite3_prepare_v2 (db, "select 1", -1, &st, 0) != SQLITE_OK)
    return;
  sqlite3_finalize (st); /* { dg-message "finalized here" } */
  sqlite3_step (st); /* { dg-warning "'sqlite3_step' on statement 'st' after 'sqlite3_finalize'" } */
}

/* Across functions: a helper opens, the caller forgets to close.  */
static sqlite3 *open_db (const char *path)
{
  sqlite3 *db;
  if (sqlite3_open (path, &db) != SQLITE_OK)
    {
      sqlite3_close (db);
      return 0;
    }
  return db;
}

int helper_bad (const char *path)
{
  sqlite3 *db = open_db (path);
  if (!db)
    return -1;
  return 0; /* { dg-warning "leak of database connection 'db'" } */
}
