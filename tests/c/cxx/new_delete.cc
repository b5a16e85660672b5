// C++: new/delete, new[]/delete[], mismatches with malloc/free, leaks of
// new'd objects; C++ the engine cannot follow stays quiet.
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

struct Point
{
  int x, y;
};

void double_delete_bad ()
{
  Point *p = new Point; // { dg-message "allocated here" }
  delete p; // { dg-message "first 'delete' here" }
  delete p; // { dg-warning "double-'delete' of 'p' \\\[CWE-415\\\]" }
}

void array_mismatch_bad ()
{
  int *a = new int[8];
  delete a; // { dg-warning "'a' should have been deallocated with 'delete\\\[\\\]' but was deallocated with 'delete' \\\[CWE-762\\\]" }
}

void malloc_delete_bad ()
{
  int *m = (int *) malloc (sizeof (int));
  delete m; // { dg-warning "'m' should have been deallocated with 'free' but was deallocated with 'delete'" }
}

void new_free_bad ()
{
  Point *p = new Point;
  free (p); // { dg-warning "'p' should have been deallocated with 'delete' but was deallocated with 'free'" }
}

void use_after_delete_bad ()
{
  Point *p = new Point;
  delete p;
  p->x = 1; // { dg-warning "use after 'delete' of 'p' \\\[CWE-416\\\]" }
}

int leak_bad ()
{
  Point *p = new Point; // no check needed: new throws rather than give NULL
  p->x = 3;
  return p->x; // { dg-warning "leak of 'p' \\\[CWE-401\\\]" }
}

// Across functions: released by a helper, then released again.
static void dispose (Point *p)
{
  delete p;
}

void cross_function_bad ()
{
  Point *p = new Point;
  dispose (p);
  delete p; // { dg-warning "double-'delete' of 'p'" }
}

void matched_ok ()
{
  Point *p = new Point;
  int *a = new int[4];
  p->x = a[0] = 1;
  delete[] a;
  delete p;
}

// A class that owns its memory: constructor, destructor, copies elsewhere.
class Buffer
{
public:
  explicit Buffer (size_t n) : m_data (new char[n]), m_size (n) {}
  ~Buffer () { delete[] m_data; }
  Buffer (const Buffer &) = delete;
  Buffer &operator= (const Buffer &) = delete;
  char *data () { return m_data; }
  size_t size () const { return m_size; }

private:
  char *m_data;
  size_t m_size;
};

size_t raii_ok (size_t n)
{
  Buffer b (n);
  b.data ()[0] = 'x';
  return b.size ();
}

int library_ok (int n)
{
  std::vector<int> v;
  for (int i = 0; i < n; i++)
    v.push_back (i);
  std::unique_ptr<Point> p (new Point ());
  p->x = n;
  std::string s = "abc";
  s += std::to_string (n);
  return v.empty () ? p->x : v[0] + (int) s.size ();
}

int throws_ok (int n)
{
  Point *p = new Point;
  try
    {
      if (n < 0)
        throw n;
      p->x = n;
    }
  catch (int)
    {
      p->x = 0;
    }
  int r = p->x;
  delete p;
  return r;
}
