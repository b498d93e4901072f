import {headerRules} from '../../contracts/security-headers';
import {nginxSettings} from '../../build-steps/host-configs/host-settings';
import {nginxConfig} from '../../build-steps/host-configs/nginx';

const rules = headerRules("default-src 'self'");

describe('the build variables of the nginx configuration', () => {
  it('keeps the production settings when none is set', () => {
    const config = nginxConfig(rules, 'gotchalabs.app', nginxSettings({}));
    expect(config).toContain('    listen 80;\n');
    expect(config).toContain('    root /var/www/gotcha-labs/build;\n');
    expect(config).toContain('    include /etc/nginx/gotcha-labs.d/*.conf;\n');
    expect(config).toContain('        include /etc/nginx/gotcha-labs.d/supabase/*.conf;\n');
    expect(config).toContain(
      'access_log /var/log/gotcha-labs/gotcha-labs.access.log gotcha_labs_privacy;',
    );
    expect(config).toContain('error_log /var/log/gotcha-labs/gotcha-labs.error.log crit;');
  });

  it('writes the listen address, folders and upstream of a rehearsal', () => {
    const settings = nginxSettings({
      NGINX_LISTEN: '127.0.0.1:8080',
      NGINX_ROOT: '/home/op/site/build/',
      NGINX_CONF_DIR: '/home/op/rehearsal/conf.d',
      NGINX_LOG_DIR: '/home/op/rehearsal/logs',
      WAITLIST_UPSTREAM: 'http://127.0.0.1:3000/',
    });
    const config = nginxConfig(rules, 'gotchalabs.app', settings);
    expect(config).toContain('    listen 127.0.0.1:8080;\n');
    expect(config).toContain('    root /home/op/site/build;\n');
    expect(config).toContain('    include /home/op/rehearsal/conf.d/*.conf;\n');
    expect(config).toContain('        proxy_pass http://127.0.0.1:3000;\n');
    // Still read there: the proxy's secret (and nothing else may set a second proxy_pass).
    expect(config).toContain('        include /home/op/rehearsal/conf.d/supabase/*.conf;\n');
    expect(config).toContain('access_log /home/op/rehearsal/logs/gotcha-labs.access.log ');
    const directives = config.replace(/^\s*#.*$/gm, '');
    expect(directives).not.toMatch(/\/etc\/nginx|\/var\/(www|log)/);
  });

  it.each([
    ['NGINX_LISTEN', '8080 ssl', /NGINX_LISTEN must be a port \(80\), an IPv4 address and port/],
    ['NGINX_LISTEN', '70000', /NGINX_LISTEN must be a port/],
    ['NGINX_ROOT', 'build', /NGINX_ROOT must be an absolute path .* not "build"/],
    ['NGINX_CONF_DIR', '/etc/my conf', /NGINX_CONF_DIR must be an absolute path/],
    ['NGINX_LOG_DIR', '/var/log/$x', /NGINX_LOG_DIR must be an absolute path/],
    ['WAITLIST_UPSTREAM', 'https://x.supabase.co/rest/v1', /WAITLIST_UPSTREAM must be an origin/],
    ['WAITLIST_UPSTREAM', 'ftp://x.example', /http:\/\/127\.0\.0\.1:3000 \(the bundled stand-in\)/],
  ])('refuses %s=%s in one line that shows the valid forms', (name, value, message) => {
    expect(() => nginxSettings({[name]: value})).toThrow(message);
    expect(() => nginxSettings({[name]: value})).toThrow(/^[^\n]+$/);
  });
});
