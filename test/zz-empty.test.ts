import t from 'tap';

t.pass('x');
