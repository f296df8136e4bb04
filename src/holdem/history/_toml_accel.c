/* The usual lines of a PHH file, read in C: scan(src, pos, root, table) -> (pos, table).
 *
 * A file of hands is mostly short `key = value` lines and `[n]` headers, and _toml_fast.py
 * reads them one regular expression and a few dictionary steps at a time: the cost of a
 * replay's reading is that loop. scan() runs the same loop in C for as long as each line
 * is one of the simple kinds below, and hands back where it stopped. The Python reader
 * (_document in _toml_fast.py) is the reference: it reads the line scan() stopped at
 * (or refuses it, for tomllib to read or to word the error), then calls scan() again.
 *
 * So this file decides nothing. A line it takes gives exactly the value the Python
 * reader gives; on any doubt it takes nothing of that line and stops at its start:
 * a key given twice, a table declared twice, a quoted or dotted key, a basic string with a
 * backslash, inf and nan, an integer of more than 18 digits, a date, an inline table,
 * a nested array or one over several lines, a control character, anything malformed.
 * The lines it takes:
 *
 *     (blank, spaces and tabs, or a # comment)
 *     [key]
 *     key = scalar
 *     key = [scalar, scalar, ...]        one line, trailing comma allowed, kinds mixed
 *
 * with keys bare ([A-Za-z0-9_-]+), spaces and tabs around every part, and a comment
 * allowed at the end of each line. A scalar is a literal string '...', a basic string
 * "..." without escapes, true or false, a decimal integer, a float (the installed
 * Decimal of its text, as tomllib.loads(text, parse_float=Decimal) gives it), or a local
 * time 20:15:00.5 (the installed datetime.time).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

static PyObject *decimal_type; /* decimal.Decimal, handed over by install() */
static PyObject *time_type;    /* datetime.time */

/* What each step makes of the text at hand: taken (the value is built and the position
 * moved past it), in doubt (nothing built, nothing moved: the Python reader decides), or
 * failed (a Python exception is set, a MemoryError most likely: scan() raises it). */
enum { FAILED = -1, DOUBT = 0, TAKEN = 1 };

/* One past the last code point: what at() reads past the end of the text, so that no
 * test of a character needs a test of the position too. */
#define END ((Py_UCS4)0x110000)

/* Integers of up to 18 digits fit a long long whatever they are; longer ones are rare and
 * left to Python's int(), which also knows its own limit on digits. */
#define MAX_INT_DIGITS 18

typedef struct {
    PyObject *src;
    int kind;
    const void *data;
    Py_ssize_t len;
} Text;

static inline Py_UCS4 at(const Text *t, Py_ssize_t i)
{
    return i < t->len ? PyUnicode_READ(t->kind, t->data, i) : END;
}

static inline int is_digit(Py_UCS4 c) { return c >= '0' && c <= '9'; }

static inline int is_bare(Py_UCS4 c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || is_digit(c) || c == '_' ||
           c == '-';
}

/* TOML allows no control character but tab (and newline between lines) anywhere, not even
 * in a comment. parse() refuses such texts before any reading; this keeps scan() right on
 * its own. */
static inline int is_control(Py_UCS4 c) { return (c < 0x20 && c != '\t') || c == 0x7f; }

static inline Py_ssize_t skip_spaces(const Text *t, Py_ssize_t p)
{
    Py_UCS4 c;
    while ((c = at(t, p)) == ' ' || c == '\t')
        p++;
    return p;
}

/* Where the line ends, if what is left of it from p is spaces and tabs, maybe a comment,
 * then a newline or the end of the text: the start of the next line (or the length of the
 * text). -1 if anything else is there. */
static Py_ssize_t line_end(const Text *t, Py_ssize_t p)
{
    Py_UCS4 c;
    p = skip_spaces(t, p);
    if (at(t, p) == '#') {
        p++;
        while ((c = at(t, p)) != '\n' && c != END) {
            if (is_control(c))
                return -1;
            p++;
        }
    }
    c = at(t, p);
    if (c == '\n')
        return p + 1;
    return c == END ? p : -1;
}

/* A string's body, up to its closing quote on the same line. A basic string ("...")
 * with a backslash in it is left to the Python reader, which knows escapes. */
static int string(const Text *t, Py_ssize_t *p, PyObject **out)
{
    Py_UCS4 quote = at(t, *p), c;
    Py_ssize_t q = *p + 1;
    while ((c = at(t, q)) != quote) {
        if (c == '\n' || c == END || is_control(c) || (c == '\\' && quote == '"'))
            return DOUBT;
        q++;
    }
    *out = PyUnicode_Substring(t->src, *p + 1, q);
    if (*out == NULL)
        return FAILED;
    *p = q + 1;
    return TAKEN;
}

static int word(const Text *t, Py_ssize_t *p, const char *w, PyObject *value, PyObject **out)
{
    Py_ssize_t q = *p;
    for (; *w; w++, q++)
        if (at(t, q) != (Py_UCS4)*w)
            return DOUBT;
    *out = Py_NewRef(value);
    *p = q;
    return TAKEN;
}

static inline int digit_at(const Text *t, Py_ssize_t p) { return (int)(at(t, p) - '0'); }

/* A local time, HH:MM:SS with an optional fraction of which microseconds are kept (the
 * first six digits, padded with zeros on the right), as _local_time reads it. Whatever
 * follows is for the caller to accept: the Python reader wants the line's end or, in an
 * array, the next item or the array's end. */
static int local_time(const Text *t, Py_ssize_t *p, PyObject **out)
{
    Py_ssize_t q = *p;
    if (!is_digit(at(t, q)) || !is_digit(at(t, q + 1)) || at(t, q + 2) != ':' ||
        !is_digit(at(t, q + 3)) || !is_digit(at(t, q + 4)) || at(t, q + 5) != ':' ||
        !is_digit(at(t, q + 6)) || !is_digit(at(t, q + 7)))
        return DOUBT;
    int hour = digit_at(t, q) * 10 + digit_at(t, q + 1);
    int minute = digit_at(t, q + 3) * 10 + digit_at(t, q + 4);
    int second = digit_at(t, q + 6) * 10 + digit_at(t, q + 7);
    if (hour > 23 || minute > 59 || second > 59)
        return DOUBT;
    q += 8;
    int micros = 0;
    if (at(t, q) == '.') {
        q++;
        if (!is_digit(at(t, q)))
            return DOUBT;
        int kept = 0;
        for (; is_digit(at(t, q)); q++)
            if (kept < 6) {
                micros = micros * 10 + digit_at(t, q);
                kept++;
            }
        for (; kept < 6; kept++)
            micros *= 10;
    }
    *out = PyObject_CallFunction(time_type, "iiii", hour, minute, second, micros);
    if (*out == NULL)
        return FAILED;
    *p = q;
    return TAKEN;
}

/* Moves *q past a run of digits; whether there was one (a fraction or an exponent needs a
 * digit, and so does an integer that does not start with 0). */
static inline int skip_digits(const Text *t, Py_ssize_t *q)
{
    Py_ssize_t start = *q;
    while (is_digit(at(t, *q)))
        (*q)++;
    return *q > start;
}

/* A decimal integer (no leading zero, no underscore) as an int, or a float (one with a
 * fraction or an exponent) as the Decimal of its text. What follows it is the caller's to
 * check: "01" or "1e" stop before their second character, and the caller, finding no
 * line end or comma there, leaves the line to the Python reader. */
static int number(const Text *t, Py_ssize_t *p, PyObject **out)
{
    Py_ssize_t q = *p;
    Py_UCS4 c = at(t, q);
    int negative = c == '-';
    if (c == '+' || c == '-')
        q++;
    Py_ssize_t first = q;
    if (at(t, q) == '0')
        q++;
    else if (!skip_digits(t, &q))
        return DOUBT; /* inf, nan, or no number at all */
    Py_ssize_t digits_end = q;
    int is_float = 0;
    if (at(t, q) == '.') {
        q++;
        if (!skip_digits(t, &q))
            return DOUBT;
        is_float = 1;
    }
    c = at(t, q);
    if (c == 'e' || c == 'E') {
        q++;
        c = at(t, q);
        if (c == '+' || c == '-')
            q++;
        if (!skip_digits(t, &q))
            return DOUBT;
        is_float = 1;
    }
    if (is_float) {
        PyObject *written = PyUnicode_Substring(t->src, *p, q);
        if (written == NULL)
            return FAILED;
        *out = PyObject_CallOneArg(decimal_type, written);
        Py_DECREF(written);
        if (*out == NULL) {
            /* Decimal refuses an exponent too large for it (1e999999999999999999999)
             * with an InvalidOperation, an ArithmeticError: the Python reader makes the
             * same call on this line and sends the text to tomllib. */
            if (PyErr_ExceptionMatches(PyExc_ArithmeticError) ||
                PyErr_ExceptionMatches(PyExc_ValueError)) {
                PyErr_Clear();
                return DOUBT;
            }
            return FAILED;
        }
    } else {
        if (digits_end - first > MAX_INT_DIGITS)
            return DOUBT;
        long long value = 0;
        for (Py_ssize_t i = first; i < digits_end; i++)
            value = value * 10 + digit_at(t, i);
        *out = PyLong_FromLongLong(negative ? -value : value);
        if (*out == NULL)
            return FAILED;
    }
    *p = q;
    return TAKEN;
}

static int scalar(const Text *t, Py_ssize_t *p, PyObject **out)
{
    Py_UCS4 c = at(t, *p);
    switch (c) {
    case '\'':
    case '"':
        return string(t, p, out);
    case 't':
        return word(t, p, "true", Py_True, out);
    case 'f':
        return word(t, p, "false", Py_False, out);
    }
    /* Two digits and a colon can only start a time, as in _value. */
    if (is_digit(c) && at(t, *p + 2) == ':')
        return local_time(t, p, out);
    return number(t, p, out);
}

/* A flat array on one line: [], [a], [a, b], [a, b,] with spaces and tabs anywhere
 * between. An array in an array, a newline or a comment inside is left to the Python
 * reader. */
static int array(const Text *t, Py_ssize_t *p, PyObject **out)
{
    Py_ssize_t q = skip_spaces(t, *p + 1);
    PyObject *items = PyList_New(0);
    if (items == NULL)
        return FAILED;
    while (at(t, q) != ']') {
        PyObject *item;
        int got = scalar(t, &q, &item);
        if (got != TAKEN) {
            Py_DECREF(items);
            return got;
        }
        int failed = PyList_Append(items, item);
        Py_DECREF(item);
        if (failed) {
            Py_DECREF(items);
            return FAILED;
        }
        q = skip_spaces(t, q);
        Py_UCS4 c = at(t, q);
        if (c == ',')
            q = skip_spaces(t, q + 1); /* then the next item, or ']' after a trailing comma */
        else if (c != ']') {
            Py_DECREF(items);
            return DOUBT;
        }
    }
    *out = items;
    *p = q + 1;
    return TAKEN;
}

/* One line from *pos, the start of a line: taken whole (*pos moves to the start of the
 * next line, and the table gets its value, or *table becomes a new one), or in doubt
 * (nothing changes). *table is a strong reference. */
static int line(const Text *t, Py_ssize_t *pos, PyObject *root, PyObject **table)
{
    Py_ssize_t p = skip_spaces(t, *pos), end;
    Py_UCS4 c = at(t, p);

    if (c == '\n' || c == END || c == '#') { /* a blank or comment line */
        if ((end = line_end(t, p)) < 0)
            return DOUBT;
        *pos = end;
        return TAKEN;
    }

    if (c == '[') { /* a header: [key] */
        Py_ssize_t key_start = skip_spaces(t, p + 1), key_end = key_start;
        while (is_bare(at(t, key_end)))
            key_end++;
        p = skip_spaces(t, key_end);
        if (key_end == key_start || at(t, p) != ']' || (end = line_end(t, p + 1)) < 0)
            return DOUBT;
        PyObject *key = PyUnicode_Substring(t->src, key_start, key_end);
        if (key == NULL)
            return FAILED;
        int known = PyDict_Contains(root, key);
        if (known != 0) { /* declared twice, or over a value: the Python reader refuses */
            Py_DECREF(key);
            return known < 0 ? FAILED : DOUBT;
        }
        PyObject *new_table = PyDict_New();
        if (new_table == NULL || PyDict_SetItem(root, key, new_table) < 0) {
            Py_DECREF(key);
            Py_XDECREF(new_table);
            return FAILED;
        }
        Py_DECREF(key);
        Py_SETREF(*table, new_table);
        *pos = end;
        return TAKEN;
    }

    /* key = value */
    Py_ssize_t key_start = p;
    while (is_bare(at(t, p)))
        p++;
    Py_ssize_t key_end = p;
    p = skip_spaces(t, p);
    if (key_end == key_start || at(t, p) != '=')
        return DOUBT;
    p = skip_spaces(t, p + 1);
    PyObject *value;
    int got = at(t, p) == '[' ? array(t, &p, &value) : scalar(t, &p, &value);
    if (got != TAKEN)
        return got;
    if ((end = line_end(t, p)) < 0) {
        Py_DECREF(value);
        return DOUBT;
    }
    PyObject *key = PyUnicode_Substring(t->src, key_start, key_end);
    if (key == NULL) {
        Py_DECREF(value);
        return FAILED;
    }
    int known = PyDict_Contains(*table, key);
    if (known != 0) { /* a key given twice: an error, the Python reader's to refuse */
        Py_DECREF(key);
        Py_DECREF(value);
        return known < 0 ? FAILED : DOUBT;
    }
    int failed = PyDict_SetItem(*table, key, value);
    Py_DECREF(key);
    Py_DECREF(value);
    if (failed)
        return FAILED;
    *pos = end;
    return TAKEN;
}

static PyObject *install(PyObject *self, PyObject *args)
{
    PyObject *decimal, *time;
    if (!PyArg_ParseTuple(args, "OO", &decimal, &time))
        return NULL;
    if (!PyCallable_Check(decimal) || !PyCallable_Check(time)) {
        PyErr_SetString(PyExc_TypeError, "install() takes the Decimal and time types");
        return NULL;
    }
    Py_XSETREF(decimal_type, Py_NewRef(decimal));
    Py_XSETREF(time_type, Py_NewRef(time));
    Py_RETURN_NONE;
}

static PyObject *scan(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError, "scan() takes src, pos, root and table");
        return NULL;
    }
    PyObject *src = args[0], *root = args[2];
    if (!PyUnicode_Check(src) || !PyDict_Check(root) || !PyDict_Check(args[3])) {
        PyErr_SetString(PyExc_TypeError, "scan() takes a str, an int and two dicts");
        return NULL;
    }
    if (decimal_type == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "_toml_accel.install() was not called");
        return NULL;
    }
    Py_ssize_t pos = PyLong_AsSsize_t(args[1]);
    if (pos == -1 && PyErr_Occurred())
        return NULL;
#if PY_VERSION_HEX < 0x030C0000
    if (PyUnicode_READY(src) < 0)
        return NULL;
#endif
    Text t = {src, PyUnicode_KIND(src), PyUnicode_DATA(src), PyUnicode_GET_LENGTH(src)};
    if (pos < 0 || pos > t.len) {
        PyErr_SetString(PyExc_ValueError, "scan(): pos is outside the text");
        return NULL;
    }
    /* A strong reference: the value and time types are called from here, and whatever
     * they do, the table being filled stays alive. */
    PyObject *table = Py_NewRef(args[3]);
    /* Only from the start of a line; anywhere else, the Python reader goes on. */
    if (pos == 0 || at(&t, pos - 1) == '\n')
        while (pos < t.len) {
            int got = line(&t, &pos, root, &table);
            if (got == FAILED) {
                Py_DECREF(table);
                return NULL;
            }
            if (got == DOUBT)
                break;
        }
    return Py_BuildValue("(nN)", pos, table);
}

static PyMethodDef methods[] = {
    {"install", install, METH_VARARGS, "Hand over decimal.Decimal and datetime.time."},
    {"scan", (PyCFunction)(void (*)(void))scan, METH_FASTCALL,
     "scan(src, pos, root, table) -> (pos, table): read the simple lines from pos on."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "holdem.history._toml_accel",
    "The usual lines of a PHH file read in C (see _toml_fast.py).", -1, methods,
};

PyMODINIT_FUNC PyInit__toml_accel(void) { return PyModule_Create(&module); }
