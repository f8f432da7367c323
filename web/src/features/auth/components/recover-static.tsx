// The static Recover Password page at /recover: no logic, a
// disabled look, and a pointer to the working page.
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { TextInput } from '@/components/form/form-kit';
import './auth.css';

export function RecoverStatic() {
  return (
    <section className="page-section auth-page" aria-labelledby="recover-title">
      <div className="auth-card auth-card-disabled">
        <h1 id="recover-title">Recover Password</h1>
        <p>
          To choose a new password, use the <Link to={paths.recoverPassword}>Forgot Password</Link> page.
        </p>
        <form onSubmit={(e) => e.preventDefault()}>
          <TextInput id="recover-email" label="Email address" type="email" disabled />
          <button type="submit" className="btn btn-primary auth-submit" disabled>
            Recover
          </button>
        </form>
      </div>
    </section>
  );
}
